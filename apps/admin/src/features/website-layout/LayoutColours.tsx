import { Alert, Badge, Button, ColorInput, Group, Input, SegmentedControl } from '@mantine/core';
import { hexColor } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ProblemAlert } from '../../components/ProblemAlert';
import type { Colours, Draft } from './layoutDrafts';
import { serverError } from './serverError';
import { type Layout, useSaveLayout } from './websiteLayout.hooks';

export const colourOk = (v: string) => v === '' || hexColor.safeParse(v).success;

/** WCAG relative luminance of a HEX colour. */
function luminance(hex: string): number {
  const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Whether the header text (black or white) reads on the main colour below WCAG AA (4.5:1). */
export function lowContrast(mainColor: string | null, lightText: boolean): boolean {
  if (!mainColor || !hexColor.safeParse(mainColor).success) return false;
  const bg = luminance(mainColor);
  const fg = lightText ? 1 : 0;
  return (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05) < 4.5;
}

function Inherited({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return show ? (
    <Badge size="xs" variant="light" color="gray" ml={6}>
      {t('websiteLayout.inherited')}
    </Badge>
  ) : null;
}

/** A colour in HEX; empty leaves it to the manufacturer. The form and the server say alike: 'Invalid HEX color' (001 §5). */
function ColourField(props: {
  label: string;
  inherited: boolean;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
  refused: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ColorInput
      label={
        <>
          {props.label}
          <Inherited show={props.inherited} />
        </>
      }
      placeholder={props.placeholder}
      value={props.value}
      onChange={props.onChange}
      error={colourOk(props.value) && !props.refused ? undefined : t('websiteLayout.invalidHex')}
      format="hex"
      // an invalid value stays, with its message, rather than silently going back on blur
      fixOnBlur={false}
      eyeDropperButtonProps={{ 'aria-label': t('websiteLayout.eyeDropper', { field: props.label }) }}
    />
  );
}

type ColourName = 'mainColor' | 'highlightColor';
const COLOUR_FIELDS: ColourName[] = ['mainColor', 'highlightColor'];

/** The colour fields the server refused (a field error on mainColor or highlightColor). */
function refusedFields(error: unknown): ColourName[] {
  const fields = error instanceof ApiError ? (error.problem?.fieldErrors ?? []).map((f) => f.field) : [];
  return COLOUR_FIELDS.filter((f) => fields.includes(f));
}

/** The main and highlight colours and the header text colour, saved together. */
export function LayoutColours({ layout, draft, mainShown }: { layout: Layout; draft: Draft<Colours>; mainShown: string | null }) {
  const { t } = useTranslation();
  const save = useSaveLayout();
  // what the server refused, for as long as the field holds the refused value
  const [refused, setRefused] = useState<{ sent: Colours; fields: ColourName[]; message: string | null } | null>(null);
  const { value, set } = draft;
  const { inherited, effective } = layout;
  const refusedNow = (field: ColourName) => !!refused && refused.fields.includes(field) && refused.sent[field] === value[field];
  const valid = colourOk(value.mainColor) && colourOk(value.highlightColor);
  const lightText = value.mainColor ? value.lightHeaderText : effective.lightHeaderText;

  const submit = () => {
    const sent = value;
    setRefused(null);
    save.mutate(
      {
        id: layout.id,
        version: layout.version,
        mainColor: sent.mainColor || null,
        highlightColor: sent.highlightColor || null,
        lightHeaderText: sent.lightHeaderText,
        headerTextTitle: layout.headerTextTitle,
        headerTextBody: layout.headerTextBody,
        oneColumnLayout: layout.oneColumnLayout,
      },
      {
        onSuccess: () => draft.saved(sent),
        onError: (error) => {
          const fields = refusedFields(error);
          setRefused({ sent, fields, message: fields.length ? null : serverError(t, error) });
        },
      },
    );
  };

  return (
    <>
      <ColourField
        label={t('websiteLayout.fields.mainColor')}
        inherited={inherited.mainColor && !value.mainColor}
        placeholder={effective.mainColor ?? '#1c3d5a'}
        value={value.mainColor}
        onChange={(mainColor) => set({ ...value, mainColor })}
        refused={refusedNow('mainColor')}
      />
      <ColourField
        label={t('websiteLayout.fields.highlightColor')}
        inherited={inherited.highlightColor && !value.highlightColor}
        placeholder={effective.highlightColor ?? '#f59f00'}
        value={value.highlightColor}
        onChange={(highlightColor) => set({ ...value, highlightColor })}
        refused={refusedNow('highlightColor')}
      />
      <Input.Wrapper label={t('websiteLayout.fields.headerText')} labelElement="div">
        <SegmentedControl
          aria-label={t('websiteLayout.fields.headerText')}
          display="flex"
          w="fit-content"
          value={value.lightHeaderText ? 'white' : 'black'}
          onChange={(v) => set({ ...value, lightHeaderText: v === 'white' })}
          data={[
            { value: 'black', label: t('websiteLayout.fields.black') },
            { value: 'white', label: t('websiteLayout.fields.white') },
          ]}
        />
      </Input.Wrapper>
      {lowContrast(mainShown, lightText) && (
        <Alert color="yellow" data-testid="contrast-warning">
          {t('websiteLayout.lowContrast')}
        </Alert>
      )}
      {refused?.message && <ProblemAlert>{refused.message}</ProblemAlert>}
      <Group>
        <Button onClick={submit} loading={save.isPending} disabled={!valid}>
          {t('websiteLayout.saveColours')}
        </Button>
      </Group>
    </>
  );
}
