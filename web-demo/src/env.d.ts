// Vite's `?raw` imports: a file's text as a string (the code panel shows each scene's own source this way).
declare module '*?raw' {
  const text: string;
  export default text;
}
