import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, placeholder, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { findAliasUses } from './aliases';
import { lintCommand, tokenize, type CommandVocab } from '../../../../src-service/ffmpeg-args/command-lint';

/**
 * The command editor, loaded on demand (it is the largest part of the builder). It
 * highlights `{{aliases}}` (declared ones in one colour, unknown ones as errors), completes
 * the declared aliases after `{{`, and, once the running ffmpeg's names are known, completes
 * options, encoders and filters and underlines unknown ones (src-service/ffmpeg-args/command-lint.ts).
 */
export interface CommandEditorHandle {
  setDoc(text: string): void;
  setAliases(aliases: string[]): void;
  setVocab(vocab: CommandVocab | null): void;
  destroy(): void;
}

const setAliasesEffect = StateEffect.define<string[]>();
const aliasesField = StateField.define<string[]>({
  create: () => [],
  update: (value, tr) => tr.effects.reduce((v, e) => (e.is(setAliasesEffect) ? e.value : v), value),
});

const setVocabEffect = StateEffect.define<CommandVocab | null>();
const vocabField = StateField.define<CommandVocab | null>({
  create: () => null,
  update: (value, tr) => tr.effects.reduce((v, e) => (e.is(setVocabEffect) ? e.value : v), value),
});

const declaredMark = Decoration.mark({ class: 'cm-alias' });
const unknownMark = Decoration.mark({ class: 'cm-alias cm-alias-unknown', attributes: { title: 'Not declared as an input or output' } });

function decorate(view: EditorView): DecorationSet {
  const declared = new Set(view.state.field(aliasesField));
  const text = view.state.doc.toString();
  const vocab = view.state.field(vocabField);
  const aliases = findAliasUses(text).map((u) => (declared.has(u.alias) ? declaredMark : unknownMark).range(u.from, u.to));
  const lint = vocab ? lintCommand(text, vocab).map((i) => Decoration.mark({ class: 'cm-lint', attributes: { title: i.message } }).range(i.from, i.to)) : [];
  return Decoration.set([...aliases, ...lint], true);
}

const highlighter = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = decorate(view);
    }
    update(u: ViewUpdate) {
      const aliasesChanged = u.transactions.some((tr) => tr.effects.some((e) => e.is(setAliasesEffect) || e.is(setVocabEffect)));
      if (u.docChanged || aliasesChanged) this.decorations = decorate(u.view);
    }
  },
  { decorations: (p) => p.decorations },
);

function completeAliases(ctx: CompletionContext): CompletionResult | null {
  const match = ctx.matchBefore(/\{\{\w*/);
  if (!match) return null;
  const options = ctx.state.field(aliasesField).map((alias) => ({
    label: `{{${alias}}}`,
    type: alias.startsWith('in_') ? 'variable' : 'constant',
    detail: alias.startsWith('in_') ? 'input' : 'output',
  }));
  return { from: match.from, options, validFor: /^\{\{\w*$/ };
}

/** Option names after a dash, encoders after -c:v and the like, filter names inside a filter graph. */
function completeNames(ctx: CompletionContext): CompletionResult | null {
  const vocab = ctx.state.field(vocabField);
  if (!vocab) return null;
  const before = ctx.state.doc.sliceString(0, ctx.pos);
  const tokens = tokenize(before);
  const current = /\s$/.test(before) ? '' : (tokens.at(-1)?.raw ?? '');
  const prev = (current ? tokens.at(-2) : tokens.at(-1))?.raw ?? '';
  if (/^-(?:c|codec|vcodec|acodec|scodec)(?::.*)?$/.test(prev)) {
    const word = ctx.matchBefore(/[\w-]*/);
    return word ? { from: word.from, options: ['copy', ...vocab.encoders].map((label) => ({ label, type: 'type' })), validFor: /^[\w-]*$/ } : null;
  }
  if (/^-(?:vf|af|filter(?::.*)?|filter_complex|lavfi)$/.test(prev)) {
    const word = ctx.matchBefore(/(?<=^|[\s,;\]"])\w*/);
    return word ? { from: word.from, options: [...vocab.filters].map((label) => ({ label, type: 'function' })), validFor: /^\w*$/ } : null;
  }
  const option = ctx.matchBefore(/(?<=^|\s)-\w*/);
  if (!option) return null;
  return { from: option.from + 1, options: [...vocab.options].map((label) => ({ label, type: 'keyword' })), validFor: /^\w*$/ };
}

const theme = EditorView.theme({
  '&': { fontSize: '13px', border: '1px solid var(--border)', borderRadius: '8px', background: 'var(--code-bg)' },
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '0' },
  '.cm-content': { fontFamily: 'var(--font-mono)', padding: '8px', minHeight: '72px', caretColor: 'var(--text)' },
  '.cm-line': { padding: '0 4px' },
  '.cm-alias': { color: 'var(--alias)', background: 'var(--alias-soft)', borderRadius: '3px', fontWeight: '600' },
  '.cm-alias-unknown': { color: 'var(--danger)', background: 'var(--danger-soft)', textDecoration: 'underline wavy' },
  '.cm-lint': { textDecoration: 'underline wavy var(--danger)', textUnderlineOffset: '3px' },
  // An empty command must look empty, not like a filled-in example (docs/gui.md).
  '.cm-placeholder': { color: 'var(--text-muted)', fontStyle: 'italic', fontFamily: 'var(--font-ui)' },
  '.cm-tooltip-autocomplete': { background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: '8px' },
});

export function mountCommandEditor(
  parent: HTMLElement,
  opts: { doc: string; aliases: string[]; label: string; onChange: (text: string) => void; invalid?: boolean },
): CommandEditorHandle {
  const extensions: Extension[] = [
    aliasesField.init(() => opts.aliases),
    vocabField,
    highlighter,
    autocompletion({ override: [completeAliases, completeNames], activateOnTyping: true }),
    EditorView.lineWrapping,
    placeholder('Empty: choose a format under Convert, use a template, or type ffmpeg arguments here'),
    EditorView.contentAttributes.of({ 'aria-label': opts.label, spellcheck: 'false', autocapitalize: 'off', 'aria-multiline': 'true' }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged) opts.onChange(u.state.doc.toString());
    }),
    theme,
  ];
  const view = new EditorView({ parent, state: EditorState.create({ doc: opts.doc, extensions }) });
  return {
    setDoc(text) {
      if (text !== view.state.doc.toString()) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    setAliases(aliases) {
      view.dispatch({ effects: setAliasesEffect.of(aliases) });
    },
    setVocab(vocab) {
      view.dispatch({ effects: setVocabEffect.of(vocab) });
    },
    destroy: () => view.destroy(),
  };
}
