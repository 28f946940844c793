// fontkit (pdfkit's font engine) ships no types; the one function used here.
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): object;
}
