import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileName } from './upload-list.tsx';

/** The name as the browser may break it: `|` where a line may end. */
function breaks(name: string): string {
  const { container } = render(
    <div>
      <FileName name={name} />
    </div>,
  );
  const div = container.firstElementChild as HTMLElement;
  return div.innerHTML.replace(/<span[^>]*>|<\/span>/g, '').replace(/<wbr>/g, '|');
}

describe('a file name in the upload list', () => {
  it('may break only after its separators, never inside a word or its extension', () => {
    expect(breaks('9001.hl7')).toBe('9001.|hl7');
    expect(breaks('labor_risch-2026-11-20.pdf')).toBe('labor_|risch-|2026-|11-|20.|pdf');
  });

  it('lets only a part too long for the column break anywhere, as a last resort', () => {
    const { container } = render(<FileName name="a1b2c3d4e5f6a7b8c9d0e1f2.hl7" />);
    const spans = [...container.querySelectorAll('span')];
    expect(spans.map((s) => s.style.overflowWrap)).toEqual(['anywhere', '']);
  });
});
