/**
 * A status token as a person reads it: `awaiting_funds` → "Awaiting funds". The API and the CSV
 * exports keep the tokens; every dashboard page shows this instead.
 */
export const statusLabel = (token: string): string => {
  const words = token.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : token;
};

/** Status tokens as drop-down choices: the token submitted, its words shown. */
export const statusChoices = (tokens: readonly string[]): { value: string; label: string }[] => tokens.map((value) => ({ value, label: statusLabel(value) }));
