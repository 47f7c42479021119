import type { FormValidation } from '@tunnelscope/contracts';
import { useCallback, useMemo, useRef, useState, type ChangeEvent } from 'react';

/**
 * Form values checked live with one of the contracts' client rules (validateWaitlistForm,
 * validateContactForm, validateVpnRequestForm …), whose messages are the spec's.
 *
 *   const form = useValidatedForm({ email: '', company: '' }, validateWaitlistForm);
 *   <TextInput label="Email Address" {...form.field('email')} />
 *   onSubmit: if (!form.submit()) return;   // shows every message, focuses the first bad field
 *             send(form.validation.sanitized);
 *
 * A field's message shows once the visitor has left it (or tried to submit), then follows every
 * keystroke; Mantine links it to the input with aria-describedby and sets aria-invalid.
 */
export interface ValidatedForm<K extends string> {
  values: Record<K, string>;
  setValue(field: K, value: string): void;
  /** The whole check as of now, shown or not. */
  validation: FormValidation<K>;
  /** The message to show for a field now, if any. */
  errorOf(field: K): string | undefined;
  /** Props for a Mantine TextInput or Textarea. */
  field(name: K): {
    name: K;
    value: string;
    onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
    onBlur(): void;
    error: string | undefined;
    ref(node: HTMLInputElement | HTMLTextAreaElement | null): void;
  };
  /** Marks a field as visited (for inputs that do not take `field()`, such as a Select). */
  touch(field: K): void;
  /** Shows every message; focuses the first failing field. Answers whether the form is valid. */
  submit(): boolean;
  reset(values?: Record<K, string>): void;
}

export function useValidatedForm<K extends string>(
  initial: Record<K, string>,
  validate: (values: Record<K, string>) => FormValidation<K>,
): ValidatedForm<K> {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const elements = useRef(new Map<K, HTMLInputElement | HTMLTextAreaElement>());
  const order = useRef(Object.keys(initial) as K[]);

  const validation = useMemo(() => validate(values), [validate, values]);

  const setValue = useCallback((field: K, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);
  const touch = useCallback((field: K) => {
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  }, []);

  const errorOf = (field: K) =>
    submitted || touched[field] ? (validation.errors as Partial<Record<K, string>>)[field] : undefined;

  return {
    values,
    setValue,
    validation,
    errorOf,
    touch,
    field: (name: K) => ({
      name,
      value: values[name],
      onChange: (event) => setValue(name, event.currentTarget.value),
      onBlur: () => touch(name),
      error: errorOf(name),
      ref: (node) => {
        if (node) elements.current.set(name, node);
        else elements.current.delete(name);
      },
    }),
    submit: () => {
      setSubmitted(true);
      if (validation.isValid) return true;
      const errors = validation.errors as Partial<Record<K, string>>;
      const first = order.current.find((name) => errors[name] !== undefined);
      if (first !== undefined) elements.current.get(first)?.focus();
      return false;
    },
    reset: (next = initial) => {
      setValues(next);
      setTouched({});
      setSubmitted(false);
    },
  };
}
