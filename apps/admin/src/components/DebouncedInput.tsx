import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A text box that reports its (trimmed) value after a pause in typing; a change of `value` from
 * outside (the back button) replaces what is shown.
 */
export function DebouncedInput({
  value,
  onChange,
  delay = SEARCH_DEBOUNCE_MS,
  ...rest
}: { value: string; onChange: (value: string) => void; delay?: number } & Omit<TextInputProps, 'value' | 'onChange'>) {
  const [text, setText] = useState(value);
  const emitted = useRef(value);
  const emit = useDebouncedCallback((v: string) => {
    const trimmed = v.trim();
    if (trimmed === emitted.current) return;
    emitted.current = trimmed;
    onChange(trimmed);
  }, delay);

  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <TextInput
      {...rest}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        emit(e.currentTarget.value);
      }}
    />
  );
}
