/** The one push channel (install progress); its own module so the sandboxed preload bundle carries no schemas. */
export const PROGRESS_CHANNEL = 'install:progress';
