/** The part of mvdan-sh (mvdan.cc/sh compiled to JavaScript by GopherJS, no types of its own) the export tests use. */
declare module 'mvdan-sh' {
  /** A parsed file; `__internal_object__` is GopherJS's own Go value behind the JavaScript wrapper. */
  export interface ShFile {
    __internal_object__: unknown;
    Stmts: unknown[];
  }
  interface Syntax {
    NewParser(...options: unknown[]): { Parse(source: string, name: string): ShFile };
    LangPOSIX: unknown;
    Variant(language: unknown): unknown;
  }
  const sh: { syntax: Syntax };
  export default sh;
}
