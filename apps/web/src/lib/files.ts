/** A stored file's URL: `storage/{path}` paths are served from the site root; absolute URLs stay. */
export function fileUrl(path: string): string {
  if (/^(https?:|data:|blob:|\/)/i.test(path)) return path;
  return `/${path}`;
}

/**
 * A stored picture's thumbnail (`?size=thumb`: a WebP of at most 192 × 192 px, which the server makes once and
 * keeps). Addresses not served by Vigil (a preview's `blob:` or `data:` picture) stay as they are.
 */
export function thumbnailUrl(path: string): string {
  const url = fileUrl(path);
  return url.startsWith('/') ? `${url}?size=thumb` : url;
}
