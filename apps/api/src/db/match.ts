/** Small helpers for matching input against the database safely. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else can match nothing, and must not reach PostgreSQL as a uuid (it would be a 500). */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Escapes LIKE's wildcards in user text. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern for "contains this text". */
export const containing = (text: string): string => `%${escapeLike(text)}%`;
