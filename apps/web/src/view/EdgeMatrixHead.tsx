/**
 * The head of a table from edge to edge (the traffic matrix's weights, the loss matrix):
 * "from \ to" in the corner, then each edge, a column each; the rows name the sources.
 */
export function EdgeMatrixHead({ edges, cornerClass }: { edges: readonly string[]; cornerClass?: string }) {
  return (
    <thead>
      <tr>
        <th scope="col" className={cornerClass}>
          from \ to
        </th>
        {edges.map((e) => (
          <th key={e} scope="col">
            {e}
          </th>
        ))}
      </tr>
    </thead>
  );
}
