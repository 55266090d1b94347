/**
 * Sets `key` as the newest entry of `entries`, first dropping the oldest when the map holds `max`
 * already: what the process caches keep stays bounded whatever is asked of them (a Map iterates in
 * insertion order, so the first key is the one kept longest).
 */
export const setBounded = <K, V>(entries: Map<K, V>, key: K, value: V, max: number): void => {
  entries.delete(key);
  if (entries.size >= max) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(key, value);
};
