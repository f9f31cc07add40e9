// A labelled input with its error below it, tied to the input for screen readers (aria-invalid, aria-describedby).
import { cloneElement, type ComponentChildren, type VNode } from 'preact';

export function Field(props: {
  id: string;
  label: ComponentChildren;
  error?: string;
  hint?: string;
  children: VNode<any>;
  class?: string;
}) {
  const described = [props.error && `${props.id}-error`, props.hint && `${props.id}-hint`].filter(Boolean).join(' ');
  return (
    <div class={`field ${props.class ?? ''} ${props.error ? 'invalid' : ''}`}>
      <label for={props.id}>{props.label}</label>
      {cloneElement(props.children, {
        'aria-invalid': props.error ? 'true' : undefined,
        'aria-describedby': described || undefined,
      })}
      {props.hint && (
        <small id={`${props.id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
      {props.error && (
        <small id={`${props.id}-error`} class="error">
          {props.error}
        </small>
      )}
    </div>
  );
}
