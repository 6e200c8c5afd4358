// Vite bundles stylesheets imported for their side effect; TypeScript only needs to know the import is intended.
declare module '*.css';
