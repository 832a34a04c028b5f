/**
 * A form inside a dialog has its buttons in the dialog footer; this invisible submit button
 * lets Enter in any field submit the form, as in every other form.
 */
export function SubmitOnEnter() {
  return <button type="submit" style={{ display: 'none' }} tabIndex={-1} aria-hidden="true" />;
}
