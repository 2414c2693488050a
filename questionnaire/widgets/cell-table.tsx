/**
 * The view the tables of count cells share (hu-floor-grid, hu-workforce-table): inside the widget's frame, a
 * scrolling region around a table, both labelled by the widget's title.
 */
import type { CSSProperties, ReactNode } from 'react';
import { WidgetFrame } from '../client/widget-frame';
import type { WidgetProps } from '../client/widget-module';

const TABLE_STYLE = { borderCollapse: 'collapse' } as const;

/** The table's head rows and body rows in a focusable region (axe scrollable-region-focusable) of `className` and `style`. */
export function CellTable(
  props: Pick<WidgetProps, 'spec' | 'errors' | 'showErrors'> & {
    required: boolean;
    preview: string;
    className: string;
    style: CSSProperties;
    /** The region's data-readonly, where the table can be read only. */
    readOnly?: boolean;
    head: ReactNode;
    children: ReactNode;
  },
) {
  const { spec, errors, showErrors, required, preview, readOnly } = props;
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={required} preview={preview}>
      {(ids) => (
        <div
          className={props.className}
          data-readonly={readOnly === undefined ? undefined : readOnly ? 'true' : 'false'}
          tabIndex={0}
          role="region"
          aria-labelledby={ids.titleId}
          style={props.style}
        >
          <table aria-labelledby={ids.titleId} aria-describedby={ids.describedBy} style={TABLE_STYLE}>
            <thead>{props.head}</thead>
            <tbody>{props.children}</tbody>
          </table>
        </div>
      )}
    </WidgetFrame>
  );
}
