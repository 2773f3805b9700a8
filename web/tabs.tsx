/**
 * A tab list as the WAI-ARIA authoring practices describe it: one tab stop (the selected tab),
 * the arrow keys move between tabs and select them, Home and End go to the first and last, and
 * each tab names the panel it controls.
 */
import { useRef } from 'preact/hooks';

/** The id of a tab's button and of its panel. */
export function tabId(id: string): string {
  return `tab-${id}`;
}
export function panelId(id: string): string {
  return `panel-${id}`;
}

export function Tabs<Id extends string>(props: {
  readonly label: string;
  readonly tabs: readonly (readonly [Id, string])[];
  readonly selected: Id;
  readonly onSelect: (id: Id) => void;
}) {
  const { label, tabs, selected, onSelect } = props;
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.findIndex(([id]) => id === selected);
    const moves: Record<string, number> = {
      ArrowLeft: at - 1,
      ArrowRight: at + 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = tabs[(moves[event.key] + tabs.length) % tabs.length][0];
    onSelect(next);
    list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };
  return (
    <div class="tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
      {tabs.map(([id, title]) => (
        <button
          key={id}
          id={tabId(id)}
          type="button"
          role="tab"
          aria-selected={id === selected}
          aria-controls={panelId(id)}
          tabIndex={id === selected ? 0 : -1}
          onClick={() => onSelect(id)}
        >
          {title}
        </button>
      ))}
    </div>
  );
}
