/** Label and value rows as a description list (a `dt` and a `dd` in a `div` each): a listing's, a home's or an offer's facts. */
export function FactList({ className, part, rows }: { className: string; part?: string; rows: readonly (readonly [label: string, value: string])[] }) {
  return (
    <dl className={className} part={part}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
