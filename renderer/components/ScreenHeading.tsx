import { useEffect, useRef } from 'react';

/** Each screen's heading takes focus when the screen appears, so keyboard and screen-reader users land on it. */
export function ScreenHeading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1} className="screen-heading">
      {children}
    </h1>
  );
}
