export const ADMIN_URL: string;
export function databaseUrl(name: string): string;
export function uniqueName(prefix: string): string;
export function adminQuery(sql: string): Promise<import('pg').QueryResult>;
export function createDatabase(name: string, template?: string): Promise<string>;
export function dropDatabase(name: string): Promise<void>;
