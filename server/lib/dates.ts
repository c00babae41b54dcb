export const toIso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
