// System / Light / Dark (issue 21): saved with the settings at once (no Save needed to see it), so the
// page and, in the desktop app, the window and menus change together.
import { useId, useState } from "react";
import type { ThemeSource } from "../../../shared/types.js";
import { useBridge } from "../hooks/context.js";
import { ErrorAlert } from "../components/ErrorAlert.js";
import { useAsyncAction } from "../components/useAsyncAction.js";

const CHOICES: { value: ThemeSource; label: string }[] = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

export function ThemeSwitch({ theme }: { theme: ThemeSource }) {
  const bridge = useBridge();
  const name = useId();
  // Shown checked while the save is on its way; the settings main reports then take over.
  const [choosing, setChoosing] = useState<ThemeSource>();
  const action = useAsyncAction();
  const current = choosing ?? theme;
  return (
    <fieldset className="theme-switch">
      <legend>Theme</legend>
      <div className="segmented">
        {CHOICES.map((choice) => (
          <label key={choice.value} className={current === choice.value ? "checked" : undefined}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={current === choice.value}
              onChange={() => {
                setChoosing(choice.value);
                void action.run(() => bridge.updateSettings({ theme: choice.value })).finally(() => setChoosing(undefined));
              }}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <ErrorAlert message={action.error} onDismiss={action.clearError} />
    </fieldset>
  );
}
