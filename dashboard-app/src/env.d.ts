declare module '*.css';
/** A file Vite builds as its own script and names by URL (the Talk page's AudioWorklet, talk/web-call.ts). */
declare module '*?worker&url' {
  const url: string;
  export default url;
}
