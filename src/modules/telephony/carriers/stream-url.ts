/** The WebSocket address under PUBLIC_URL (http → ws, https → wss): where carriers and browsers open media streams. */
export function streamBaseUrl(publicUrl: string): string {
  return publicUrl.replace(/^http(s?):/i, 'ws$1:');
}
