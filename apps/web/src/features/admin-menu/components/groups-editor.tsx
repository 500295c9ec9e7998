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
        <RowButtons
          name={name}
          first={position === 1}
          last={position === count}
          onMove={onMove}
          onRemove={onRemove}
        />
      </div>
      <GroupSettings group={group} onChange={onChange} />
      <GroupOptions group={group} name={name} onChange={onChange} />
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

interface RowButtonsProps {
  /** The group's or option's name, for the buttons' labels read aloud. */
  name: string;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}

/** Up, down and remove, for a group and for an option alike. */
function RowButtons({ name, first, last, onMove, onRemove }: RowButtonsProps) {
  return (
    <div className={styles.rowButtons}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Subir ${name}`}
        disabled={first}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Bajar ${name}`}
        disabled={last}
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
  );
}

interface GroupPartProps {
  group: GroupDraft;
  onChange: (group: GroupDraft) => void;
}

/** Whether the group is required, one choice or several, and a several's limits. */
function GroupSettings({ group, onChange }: GroupPartProps) {
  return (
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
  );
}

/** The group's options in their order (dragged or moved), and a button to add one. */
function GroupOptions({ group, name, onChange }: GroupPartProps & { name: string }) {
  const setOption = (index: number, option: OptionDraft) =>
    onChange({ ...group, options: group.options.map((o, i) => (i === index ? option : o)) });
  const moveOption = (from: number, to: number) =>
    onChange({ ...group, options: moveItem(group.options, from, to) });
  const drag = useDragReorder(group.options.length, moveOption);
  return (
    <>
      <ol className={styles.options} aria-label={`Opciones de ${name}`}>
        {group.options.map((option, index) => (
          <li key={option.key} className={styles.option} {...drag.rowProps(index)}>
            <DragHandle {...drag.handleProps(index)} />
            <OptionFields
              option={option}
              position={index + 1}
              onChange={(next) => setOption(index, next)}
            />
            <RowButtons
              name={option.title || `opción ${index + 1}`}
              first={index === 0}
              last={index === group.options.length - 1}
              onMove={(step) => moveOption(index, index + step)}
              onRemove={() =>
                onChange({ ...group, options: group.options.filter((_, i) => i !== index) })
              }
            />
          </li>
        ))}
      </ol>
      <Button
        variant="ghost"
        onClick={() => onChange({ ...group, options: [...group.options, emptyOption()] })}
      >
        Agregar opción a {name}
      </Button>
    </>
  );
}

interface OptionFieldsProps {
  option: OptionDraft;
  position: number;
  onChange: (option: OptionDraft) => void;
}

/** An option's name and price. */
function OptionFields({ option, position, onChange }: OptionFieldsProps) {
  return (
    <>
      <label className={styles.field}>
        <span className={styles.label}>Opción {position}</span>
        <input
          className={styles.input}
          value={option.title}
          maxLength={120}
          onChange={(e) => onChange({ ...option, title: e.target.value })}
        />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>Precio opción {position} ($)</span>
        <input
          className={`${styles.input} ${styles.price}`}
          inputMode="numeric"
          value={option.price}
          onChange={(e) => onChange({ ...option, price: e.target.value })}
        />
      </label>
    </>
  );
}
