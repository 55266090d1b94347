/**
 * A list of the domain's status words as SQL text, `('a', 'b')`, for statements that must stay text.
 * Only plain lower-case words pass: the values are the domain's constants, never input.
 */
export const sqlTextList = (words: readonly string[]): string => {
  const bad = words.find((word) => !/^[a-z_]+$/.test(word));
  if (bad !== undefined || words.length === 0) throw new Error(`not a status list: ${JSON.stringify(words)}`);
  return `(${words.map((word) => `'${word}'`).join(', ')})`;
};
