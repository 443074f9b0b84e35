/** The staff view's link to an attached document's PDF (SPEC §6, §7: GET /service/document/{key}). */
export function serviceDocumentUrl(key: string, serviceToken: string): string {
  const query = new URLSearchParams({ service_token: serviceToken }).toString();
  return `/service/document/${encodeURIComponent(key)}?${query}`;
}
