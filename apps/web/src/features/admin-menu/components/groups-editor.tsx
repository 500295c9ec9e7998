import { useId, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { emptyGroup, emptyOption, type GroupDraft, type OptionDraft } from '../lib/product-draft';
import { useDragReorder } from '../hooks/use-drag-reorder';
import { moveItem } from '../lib/move';
import { DragHandle } from './drag-handle';
import styles from './product-editor.module.css';

interface GroupsEditorProps {
  groups: GroupDraft[];
  onChange: (groups: GroupDraft[]) => void;
  /** Messages of each group (by key), from the shared schema or the server. */
  problems: Record<string, string[]>;
}

/** The product's option groups: add, remove, order; each with its kind, limits and options. */
export function GroupsEditor({ groups, onChange, problems }: GroupsEditorProps) {
  const update = (index: number, group: GroupDraft) =>
    onChange(groups.map((g, i) => (i === index ? group : g)));
  const drag = useDragReorder(groups.length, (from, to) => onChange(moveItem(groups, from, to)));
  return (
    <div className={styles.groups}>
      {groups.map((group, index) => (
        <GroupCard
          key={group.key}
          group={group}
          position={index + 1}
          count={groups.length}
          problems={problems[group.key] ?? []}
          dragRow={drag.rowProps(index)}
          dragHandle={drag.handleProps(index)}
          onChange={(next) => update(index, next)}
          onMove={(step) => onChange(moveItem(groups, index, index + step))}
          onRemove={() => onChange(groups.filter((_, i) => i !== index))}
        />
      ))}
      <Button variant="secondary" onClick={() => onChange([...groups, emptyGroup()])}>
        Agregar grupo de opciones
      </Button>
    </div>
  );
}

interface GroupCardProps {
  group: GroupDraft;
  position: number;
  count: number;
  problems: string[];
  dragRow: ReturnType<ReturnType<typeof useDragReorder>['rowProps']>;
  dragHandle: ComponentProps<typeof DragHandle>;
  onChange: (group: GroupDraft) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}

function GroupCard({
  group,
  position,
  count,
  problems,
  dragRow,
  dragHandle,
  onChange,
  onMove,
  onRemove,
}: GroupCardProps) {
  const id = useId();
  const name = group.title || `Grupo ${position}`;
  const setOption = (index: number, option: OptionDraft) =>
    onChange({ ...group, options: group.options.map((o, i) => (i === index ? option : o)) });
  const moveOption = (from: number, to: number) =>
    onChange({ ...group, options: moveItem(group.options, from, to) });
  const drag = useDragReorder(group.options.length, moveOption);

  return (
    <fieldset
      className={styles.group}
      aria-describedby={problems.length > 0 ? `${id}-problems` : undefined}
      {...dragRow}
    >
      <legend className={styles.groupLegend}>Grupo {position}</legend>
      <div className={styles.groupHead}>
        <DragHandle {...dragHandle} />
        <label className={styles.field}>
          <span className={styles.label}>Nombre del grupo</span>
          <input
            className={styles.input}
            value={group.title}
            maxLength={120}
            placeholder="Tamaño, Adiciones…"
            onChange={(e) => onChange({ ...group, title: e.target.value })}
          />
        </label>
        <div className={styles.rowButtons}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={`Subir ${name}`}
            disabled={position === 1}
            onClick={() => onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={`Bajar ${name}`}
            disabled={position === count}
            onClick={() => onMove(1)}
          >
            ↓
          </button>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={`Quitar ${name}`}
            onClick={onRemove}
          >
            ✕
          </button>
        </div>
      </div>

      <div className={styles.groupSettings}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={group.required}
            onChange={(e) => onChange({ ...group, required: e.target.checked })}
          />
          Obligatorio
        </label>
        <label className={styles.field}>
          <span className={styles.label}>Se elige</span>
          <select
            className={styles.input}
            value={group.type_input}
            onChange={(e) => onChange({ ...group, type_input: e.target.value === '1' ? 1 : 2 })}
          >
            <option value="1">Una sola opción</option>
            <option value="2">Varias opciones</option>
          </select>
        </label>
        {group.type_input === 2 ? (
          <>
            {group.required ? (
              <label className={styles.field}>
                <span className={styles.label}>Mínimo</span>
                <input
                  className={`${styles.input} ${styles.short}`}
                  inputMode="numeric"
                  value={group.min}
                  placeholder="1"
                  onChange={(e) => onChange({ ...group, min: e.target.value })}
                />
              </label>
            ) : null}
            <label className={styles.field}>
              <span className={styles.label}>Máximo</span>
              <input
                className={`${styles.input} ${styles.short}`}
                inputMode="numeric"
                value={group.max}
                placeholder="Sin límite"
                onChange={(e) => onChange({ ...group, max: e.target.value })}
              />
            </label>
          </>
        ) : null}
      </div>

      <ol className={styles.options} aria-label={`Opciones de ${name}`}>
        {group.options.map((option, index) => {
          const optionName = option.title || `opción ${index + 1}`;
          return (
            <li key={option.key} className={styles.option} {...drag.rowProps(index)}>
              <DragHandle {...drag.handleProps(index)} />
              <label className={styles.field}>
                <span className={styles.label}>Opción {index + 1}</span>
                <input
                  className={styles.input}
                  value={option.title}
                  maxLength={120}
                  onChange={(e) => setOption(index, { ...option, title: e.target.value })}
                />
              </label>
              <label className={styles.field}>
                <span className={styles.label}>Precio opción {index + 1} ($)</span>
                <input
                  className={`${styles.input} ${styles.price}`}
                  inputMode="numeric"
                  value={option.price}
                  onChange={(e) => setOption(index, { ...option, price: e.target.value })}
                />
              </label>
              <div className={styles.rowButtons}>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={`Subir ${optionName}`}
                  disabled={index === 0}
                  onClick={() => moveOption(index, index - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={`Bajar ${optionName}`}
                  disabled={index === group.options.length - 1}
                  onClick={() => moveOption(index, index + 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={`Quitar ${optionName}`}
                  onClick={() =>
                    onChange({ ...group, options: group.options.filter((_, i) => i !== index) })
                  }
                >
                  ✕
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="ghost"
        onClick={() => onChange({ ...group, options: [...group.options, emptyOption()] })}
      >
        Agregar opción a {name}
      </Button>
      {problems.length > 0 ? (
        <ul id={`${id}-problems`} className={styles.problems}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
