/**
 * Embed mode, for an iframe in slides or a course page: the network, the run controls and
 * one chart. Asked for by the address: `?embed` (any value) on the app's page, or the
 * page `embed.html` (which hosts may serve with a policy that lets other sites frame it;
 * docs/embed.md).
 *
 * An embedded copy never reads or writes the work saved in this browser: the frame shares
 * the app's storage, and a slide deck must not overwrite what a student built.
 */
export function isEmbedAddress(address: { pathname: string; search: string }): boolean {
  if (/(^|\/)embed\.html$/.test(address.pathname)) return true;
  return new URLSearchParams(address.search).has('embed');
}

/**
 * The full app's address for what an embedded copy shows: the same folder's index page,
 * without the embed flag, with the same scenario link in the hash.
 */
export function fullAppAddress(address: { origin: string; pathname: string; search: string; hash: string }): string {
  const folder = address.pathname.replace(/[^/]*$/, '');
  const params = new URLSearchParams(address.search);
  params.delete('embed');
  const query = params.toString();
  return `${address.origin}${folder}${query ? `?${query}` : ''}${address.hash}`;
}
