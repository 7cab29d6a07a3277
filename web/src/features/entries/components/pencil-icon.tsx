/**
 * The edit button's glyph, drawn inline like the shared icons (components/icons.tsx): decorative,
 * in the text's colour; the button's name says what it does.
 */
export function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
    </svg>
  );
}
