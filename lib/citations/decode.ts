/** An uploaded reading list's bytes to text. */
export function decodeUpload(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}
