// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { testRoot } from '../testing/react-root';
import { useNodesById, type NodesById } from './use-nodes-by-id';

const dom = testRoot();

function List({ ids, onNodes }: { ids: string[]; onNodes: (nodes: NodesById<HTMLButtonElement>) => void }) {
  const nodes = useNodesById<HTMLButtonElement>();
  onNodes(nodes);
  return (
    <ul>
      {ids.map((id) => (
        <li key={id}>
          <button type="button" ref={nodes.ref(id)}>
            {id}
          </button>
        </li>
      ))}
    </ul>
  );
}

describe('useNodesById', () => {
  it('reaches each row by its id, forgets a removed row, and is the same object on every render', () => {
    const seen: NodesById<HTMLButtonElement>[] = [];
    const view = dom.render(<List ids={['a', 'b']} onNodes={(n) => seen.push(n)} />);
    const nodes = seen[0]!;
    expect(nodes.get('a')).toBe(view.querySelectorAll('button')[0]);
    expect(nodes.get('b')?.textContent).toBe('b');
    expect(nodes.get('c')).toBeUndefined();

    dom.render(<List ids={['b', 'c']} onNodes={(n) => seen.push(n)} />);
    expect(seen.every((n) => n === nodes)).toBe(true);
    expect(nodes.get('a')).toBeUndefined();
    expect(nodes.get('b')).toBe(view.querySelectorAll('button')[0]);
    expect(nodes.get('c')?.textContent).toBe('c');
  });
});
