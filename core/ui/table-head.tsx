/** A data table's header row: a column header (`th scope="col"`) for each label, in order. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((label, index) => (
          <th key={index} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
