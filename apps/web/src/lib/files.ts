/** A stored file's URL: `storage/{path}` paths are served from the site root; absolute URLs stay. */
export function fileUrl(path: string): string {
  if (/^(https?:|data:|blob:|\/)/i.test(path)) return path;
  return `/${path}`;
}
