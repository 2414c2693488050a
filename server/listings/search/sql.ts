/** A parameter list that hands out `$n` placeholders, so builders never count positions by hand. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** The placeholder for `value`, added to the list. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /**
   * A box placeholder for a rectangle (x = longitude, y = latitude). One value, not box(point($1, $2), …):
   * a generic plan would build that box again for every row it filters.
   */
  box({ west, south, east, north }: { west: number; south: number; east: number; north: number }): string {
    return `${this.add(`(${east},${north}),(${west},${south})`)}::box`;
  }

  /** A double precision placeholder: arithmetic on an untyped `$n` is ambiguous to the planner. */
  float(value: number): string {
    return `${this.add(value)}::float8`;
  }
}
