// @ts-check
// A request's route as logs and metrics name it: the app's route pattern (`/api/labs/[id]`), never the
// path itself, which can carry an id or a token, and which would give each metric a series per address.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ page: string, regex: string }} ManifestRoute
 * @typedef {(pathname: string) => string} RouteOf
 */

/**
 * The route names of the production build in `distDir` (its routes-manifest.json: every page and route
 * handler, with the pattern Next matches it by). Without a build (`npm run dev`) every path is '(dev)'.
 * @param {string} distDir
 * @returns {RouteOf}
 */
export function loadRouteNames(distDir = '.next') {
  /** @type {{ staticRoutes?: ManifestRoute[], dynamicRoutes?: ManifestRoute[] }} */
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8'));
  } catch {
    return () => '(dev)';
  }
  const exact = new Map();
  for (const route of manifest.staticRoutes ?? []) exact.set(route.page, route.page);
  // Static first, as Next matches them: `/api/labs/upload` before `/api/labs/[id]`.
  const patterns = (manifest.dynamicRoutes ?? []).map((route) => ({ page: route.page, regex: new RegExp(route.regex) }));
  return (pathname) => {
    const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    const page = exact.get(trimmed) ?? patterns.find((route) => route.regex.test(trimmed))?.page;
    if (page) return page;
    if (trimmed.startsWith('/_next/')) return '/_next/*';
    // A file under public/ (a flag, the scan model), or an address no route answers.
    return /\.[a-z0-9]+$/i.test(trimmed) ? '(file)' : '(other)';
  };
}
