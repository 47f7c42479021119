// The apps compile these with Vite (their `vite/client` types say the same); jest maps them to
// identity-obj-proxy. Only this package's own typecheck reads this file.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
