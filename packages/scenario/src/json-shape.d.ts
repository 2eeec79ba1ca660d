export interface JsonShapeLimits {
  maxDepth: number;
  maxContainers?: number;
  maxItems?: number;
  maxListLength?: number;
}
/** The first limit the JSON text breaks and where (a UTF-16 offset), or null. */
export declare function checkJsonShape(
  text: string,
  limits: JsonShapeLimits,
): { rule: 'depth' | 'containers' | 'items' | 'list'; offset: number } | null;
