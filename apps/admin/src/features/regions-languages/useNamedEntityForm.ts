import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useConfirm } from '../../components/ConfirmDialog';
import { applyServerErrors, applyServerMessage } from '../../components/formErrors';
import { useFormSync } from '../../components/useFormSync';

/** A stored record the region and language-group forms edit. */
interface Named {
  id: number;
  name: string;
  version: number;
}

/**
 * The form of a named, versioned record of a unit (a region, a language group): validation, save
 * (create or versioned update, then back to the list), the rule's message with its params on its
 * field, the 409 sync and the 4-digit delete confirmation.
 */
export function useNamedEntityForm<V extends FieldValues, E extends Named, B>(o: {
  entity?: E;
  schema: z.ZodType<V, V>;
  toForm: (e?: E) => V;
  toBody: (values: V) => B;
  save: (body: B | (B & { id: number; version: number })) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  listPath: string;
  fields: Path<V>[];
  /** Rule keys and the field each one's message belongs to. */
  keys: Partial<Record<string, Path<V>>>;
  deleteText: (e: E) => { title: ReactNode; message: ReactNode };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<V>({ resolver: zodResolver(o.schema), defaultValues: o.toForm(o.entity) as DefaultValues<V> });
  const sync = useFormSync(form, o.entity, o.toForm);
  const { ask, dialog } = useConfirm();
  const { entity } = o;

  const onSubmit = async (values: V) => {
    const body = o.toBody(values);
    sync.clearConflict();
    try {
      await o.save(entity ? { ...body, id: entity.id, version: entity.version } : body);
      navigate(o.listPath);
    } catch (e) {
      sync.afterError(e);
      // the rule's message with its params on its field, else the schema's codes on theirs
      if (!applyServerMessage(e, form.setError, t, o.keys)) applyServerErrors(e, form.setError, { fields: o.fields });
    }
  };

  const onDelete = () => {
    if (!entity) return;
    ask({
      ...o.deleteText(entity),
      confirmLabel: t('components.confirm.delete'),
      onConfirm: async () => {
        await o.remove(entity.id);
        navigate(o.listPath);
      },
    });
  };

  return { form, sync, onSubmit: form.handleSubmit(onSubmit), onDelete, dialog };
}
