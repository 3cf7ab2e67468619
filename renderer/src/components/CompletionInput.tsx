// A text field with the server's suggestions (`completion/complete`) on focus and as the user types: an ARIA 1.2
// combobox with a listbox popup. Arrow keys move through the suggestions, Enter picks one, Escape closes
// the list. Requests wait for a pause in typing, and only the answer for the newest value is shown: an
// answer that comes late for an older value is dropped. Entering the field asks too, with the value as
// it is, empty included (issue 21; the spec lets a client ask for an empty value), after the same pause,
// so tabbing through a form costs nothing. Without `complete`, it is a plain text field.
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from "react";
import type { ApiResult } from "../../../shared/contract.js";
import { errorMessage } from "../util/errors.js";

export type Completion = ApiResult<"complete">;

/** Long enough that typing a word sends one request, short enough to feel immediate. */
export const COMPLETION_DEBOUNCE_MS = 200;

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "id" | "role">;

export interface CompletionInputProps extends FieldProps {
  id: string;
  /** The field's name as the user reads it, for the suggestion list's name. */
  label: string;
  value: string;
  onChange(value: string): void;
  /** Ask the server for suggestions for this value; absent when the server offers no completions. */
  complete?: (value: string) => Promise<Completion>;
}

export function CompletionInput({ id, label, value, onChange, complete, ...field }: CompletionInputProps) {
  const listId = useId();
  const [answer, setAnswer] = useState<Completion>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The newest request's number: an answer with an older one is stale. */
  const newest = useRef(0);
  // The latest `complete`, so a request sent after the pause sees the other fields as they are then.
  const completeRef = useRef(complete);
  completeRef.current = complete;
  /** An arrow key asked for the list: which end to highlight when the answer comes. */
  const highlightOnAnswer = useRef<"first" | "last">(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      newest.current = Number.NaN; // unmounted: no answer is applied
    },
    [],
  );

  if (!complete) return <input id={id} type="text" value={value} onChange={(e) => onChange(e.target.value)} spellCheck={false} {...field} />;

  const request = (text: string, highlight?: "first" | "last") => {
    clearTimeout(timer.current);
    highlightOnAnswer.current = highlight;
    const ask = completeRef.current;
    if (!ask) return;
    const number = ++newest.current;
    ask(text).then(
      (next) => {
        if (number !== newest.current) return;
        setError(undefined);
        setAnswer(next);
        const end = highlightOnAnswer.current;
        setActive(end === "first" && next.values.length ? 0 : end === "last" ? next.values.length - 1 : -1);
        setOpen(next.values.length > 0 || Boolean(next.cut));
      },
      (e: unknown) => {
        if (number !== newest.current) return;
        setAnswer(undefined);
        setOpen(false);
        setError(errorMessage(e));
      },
    );
  };
  const later = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => request(text), COMPLETION_DEBOUNCE_MS);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (picked: string) => {
    clearTimeout(timer.current);
    newest.current++; // whatever is on its way was for the value before the pick
    onChange(picked);
    close();
  };

  const values = answer?.values ?? [];
  const showing = open && (values.length > 0 || Boolean(answer?.cut));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const end = e.key === "ArrowDown" ? "first" : "last";
      if (!showing) {
        // Open the list at its first (Down) or last (Up) suggestion; ask first when there is nothing to show yet.
        if (values.length) {
          setOpen(true);
          setActive(end === "first" ? 0 : values.length - 1);
        } else request(value, end);
        return;
      }
      if (!values.length) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current === -1 && step === -1 ? values.length - 1 : (current + step + values.length) % values.length));
    } else if (e.key === "Enter" && showing && active >= 0 && active < values.length) {
      e.preventDefault(); // picks; does not submit the form
      pick(values[active]!);
    } else if (e.key === "Escape" && showing) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="completion">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-activedescendant={showing && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          later(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => later(value)}
        onBlur={() => {
          // Leaving the field: nothing asked for it may open a list under a field the user is no longer in.
          clearTimeout(timer.current);
          newest.current++;
          close();
        }}
        {...field}
      />
      <div className="completion-popup" hidden={!showing}>
        <ul id={listId} role="listbox" aria-label={`Suggestions for ${label}`} className="completion-list">
          {showing &&
            values.map((v, i) => (
              <li
                key={`${i}:${v}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={i === active ? "completion-option active" : "completion-option"}
                // Keep the focus in the field, so the blur does not close the list before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(v)}
              >
                {v === "" ? <span className="note">(empty)</span> : v}
              </li>
            ))}
        </ul>
        {showing && answer && <CompletionFacts answer={answer} />}
      </div>
      {error && <p className="field-error">Suggestions failed: {error}</p>}
    </div>
  );
}

/** What the server said beyond the values: how many there are, and what the inspector cut. */
function CompletionFacts({ answer }: { answer: Completion }) {
  const shown = answer.values.length;
  const more =
    answer.total !== undefined && answer.total > shown
      ? `${shown} of ${answer.total.toLocaleString("en-US")} suggestions`
      : answer.hasMore
        ? `${shown} suggestions; the server has more: type more to narrow them`
        : undefined;
  if (!more && !answer.cut) return null;
  return (
    <p className="note completion-facts">
      {more}
      {more && answer.cut ? " · " : ""}
      {answer.cut}
    </p>
  );
}
