/** An ILIKE pattern matching `text` anywhere, with LIKE's wildcards in the input taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
