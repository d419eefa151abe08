import type { Command, Option } from 'commander';
import { completionValuesOf, type CompletionValues } from './completion-values';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface NodeOption {
  names: string[];
  takesValue: boolean;
  values?: CompletionValues;
  description: string;
  file: boolean;
  /** Defined on the program: the same everywhere, so its values are written once. */
  global: boolean;
}

/** One command of the tree, as completion needs it. */
interface Node {
  /** `root`, `root admins`, `root admins list`: words typed so far, with a fixed first word. */
  key: string;
  subcommands: { name: string; summary: string }[];
  options: NodeOption[];
  /** What its first argument takes (`completion <shell>`, `profiles use <name>`). */
  argument?: CompletionValues;
}

/** Options whose value is a path: complete file names. */
const FILE_OPTIONS = new Set(['--out', '--file', '--results', '--input']);

function optionsOf(command: Command, inherited: readonly Option[], ownAreGlobal: boolean): NodeOption[] {
  const described = (option: Option, global: boolean): NodeOption => {
    const values = completionValuesOf(option);
    return {
      names: [option.long, option.short].filter((name): name is string => Boolean(name)),
      takesValue: option.required || option.optional,
      ...(values ? { values } : {}),
      description: option.description,
      file: Boolean(option.long && FILE_OPTIONS.has(option.long)),
      global,
    };
  };
  const visible = (options: readonly Option[]) => options.filter((option) => !option.hidden);
  return [...visible(command.options).map((option) => described(option, ownAreGlobal)), ...visible(inherited).map((option) => described(option, true))];
}

const isHidden = (command: Command) => Boolean((command as unknown as { _hidden?: boolean })._hidden);

/** Walks the program: every command path with its subcommands, options and argument values (the program's own options count everywhere). */
export function completionTree(program: Command): Node[] {
  const nodes: Node[] = [];
  const globals = program.options as readonly Option[];
  const visit = (command: Command, key: string) => {
    const first = command.registeredArguments[0];
    const argument = first ? completionValuesOf(first) : undefined;
    const subcommands = command.commands.filter((sub) => !isHidden(sub));
    nodes.push({
      key,
      subcommands: subcommands.map((sub) => ({ name: sub.name(), summary: sub.summary() || sub.description().split('.')[0] || '' })),
      options: command === program ? optionsOf(program, [], true) : optionsOf(command, globals, false),
      ...(argument ? { argument } : {}),
    });
    for (const sub of subcommands) visit(sub, `${key} ${sub.name()}`);
  };
  visit(program, 'root');
  return nodes;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 80);

/** The flags that take a value anywhere: the word after one is a value, not a subcommand. */
function valueFlags(nodes: readonly Node[]): string[] {
  return [...new Set(nodes.flatMap((node) => node.options.filter((option) => option.takesValue).flatMap((option) => option.names)))].sort();
}

/** Each flag whose value completion knows, once: `tpath|flag` for a command's own, `|flag` for the program's. */
function valueEntries(nodes: readonly Node[]): { key: string; values: CompletionValues }[] {
  const entries = new Map<string, CompletionValues>();
  for (const node of nodes) {
    for (const option of node.options) {
      if (!option.values) continue;
      for (const name of option.names) entries.set(option.global ? `|${name}` : `${node.key}|${name}`, option.values);
    }
  }
  return [...entries].map(([key, values]) => ({ key, values }));
}

function bash(nodes: readonly Node[]): string {
  const paths = nodes.filter((node) => node.key !== 'root').map((node) => quote(node.key));
  const cases = nodes
    .map((node) => {
      const subs = node.subcommands.map((sub) => sub.name).join(' ');
      const opts = node.options.flatMap((option) => option.names).join(' ');
      const args = node.argument?.values ? ` args=${quote(node.argument.values.join(' '))};` : '';
      const dynamic = node.argument?.dynamic ? ` argdyn=${quote(node.argument.dynamic)};` : '';
      return `    ${quote(node.key)}) subs=${quote(subs)}; opts=${quote(opts)};${args}${dynamic} ;;`;
    })
    .join('\n');
  const valueCases = valueEntries(nodes)
    .map(({ key, values }) => {
      const pattern = key.startsWith('|') ? `*${quote(key)}` : quote(key);
      return `    ${pattern}) ${values.dynamic ? `dynamic=${quote(values.dynamic)}` : `values=${quote(values.values!.join(' '))}`} ;;`;
    })
    .join('\n');
  return `# bash completion for traction. Load it with:  source <(traction completion bash)
# or install it:  traction completion bash > ~/.local/share/bash-completion/completions/traction
_traction_completions() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local tpath=root word candidate i skip=0 helping=0
  local value_flags=" ${valueFlags(nodes).join(' ')} "
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if ((skip)); then skip=0; continue; fi
    if [[ "$value_flags" == *" $word "* ]]; then skip=1; continue; fi
    [[ "$word" == -* ]] && continue
    # \`traction help admins list\`: the words after help name a command.
    if [[ "$tpath" == root && "$word" == help && $helping == 0 ]]; then helping=1; continue; fi
    candidate="$tpath $word"
    case "$candidate" in
      ${paths.join('|')}) tpath="$candidate" ;;
    esac
  done
  local subs="" opts="" values="" dynamic="" args="" argdyn=""
  case "$tpath" in
${cases}
  esac
  case "$tpath|$prev" in
${valueCases || "    '') ;;"}
  esac
  # Values that are known only now (profile names) come from traction itself.
  local words
  if ((helping)); then
    words="$subs"
  elif [[ -n "$dynamic" ]]; then
    words="$("\${COMP_WORDS[0]}" __complete "$dynamic" 2>/dev/null)"
  elif [[ -n "$values" ]]; then
    words="$values"
  elif [[ "$value_flags" == *" $prev "* ]]; then
    COMPREPLY=()
    return
  elif [[ "$cur" == -* ]]; then
    words="$opts"
  elif [[ -n "$subs" ]]; then
    words="$subs"
  elif [[ -n "$argdyn" ]]; then
    words="$("\${COMP_WORDS[0]}" __complete "$argdyn" 2>/dev/null)"
  else
    words="$args"
  fi
  mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
}
complete -o default -F _traction_completions traction
`;
}

function zsh(nodes: readonly Node[]): string {
  // Associative arrays are filled as `name=(key value …)`: in `name['key']=value` zsh keeps the quotes in the key.
  const arrays: Record<'subs' | 'opts' | 'values' | 'dynamic' | 'args' | 'argdyn', [string, string][]> = {
    subs: [],
    opts: [],
    values: [],
    dynamic: [],
    args: [],
    argdyn: [],
  };
  for (const node of nodes) {
    arrays.subs.push([node.key, node.subcommands.map((sub) => `${sub.name.replace(/:/g, '\\:')}:${oneLine(sub.summary)}`).join('\n')]);
    arrays.opts.push([node.key, node.options.flatMap((option) => option.names).join(' ')]);
    if (node.argument?.values) arrays.args.push([node.key, node.argument.values.join(' ')]);
    if (node.argument?.dynamic) arrays.argdyn.push([node.key, node.argument.dynamic]);
  }
  for (const { key, values } of valueEntries(nodes)) {
    if (values.dynamic) arrays.dynamic.push([key, values.dynamic]);
    else arrays.values.push([key, values.values!.join(' ')]);
  }
  const assignments = Object.entries(arrays)
    .map(([name, pairs]) => `_traction_${name}=(\n${pairs.map(([key, value]) => `  ${quote(key)} ${quote(value)}`).join('\n')}\n)`)
    .join('\n');
  return `#compdef traction
# zsh completion for traction. Load it with:  source <(traction completion zsh)
# or install it:  traction completion zsh > "\${fpath[1]}/_traction"
typeset -gA _traction_subs _traction_opts _traction_values _traction_dynamic _traction_args _traction_argdyn
typeset -ga _traction_value_flags
_traction_value_flags=(${valueFlags(nodes).join(' ')})
${assignments}

_traction() {
  local tpath=root word candidate i skip=0 helping=0
  local cur=\${words[CURRENT]} prev=\${words[CURRENT-1]}
  for ((i = 2; i < CURRENT; i++)); do
    word=\${words[i]}
    if ((skip)); then skip=0; continue; fi
    if (( \${_traction_value_flags[(Ie)$word]} )); then skip=1; continue; fi
    [[ $word == -* ]] && continue
    if [[ $tpath == root && $word == help && $helping == 0 ]]; then helping=1; continue; fi
    candidate="$tpath $word"
    if (( \${+_traction_subs[$candidate]} )); then tpath=$candidate; fi
  done
  local -a subs
  subs=(\${(f)_traction_subs[$tpath]})
  local dynamic=\${_traction_dynamic[$tpath|$prev]:-\${_traction_dynamic[|$prev]}}
  if (( helping )); then
    _describe 'command' subs
  elif [[ -n $dynamic ]]; then
    compadd -- \${(f)"$(\${words[1]} __complete $dynamic 2>/dev/null)"}
  elif (( \${+_traction_values[$tpath|$prev]} )); then
    compadd -- \${=_traction_values[$tpath|$prev]}
  elif (( \${+_traction_values[|$prev]} )); then
    compadd -- \${=_traction_values[|$prev]}
  elif (( \${_traction_value_flags[(Ie)$prev]} )); then
    _files
  elif [[ $cur == -* ]]; then
    compadd -- \${=_traction_opts[$tpath]}
  elif (( \${#subs} )); then
    _describe 'command' subs
  elif (( \${+_traction_argdyn[$tpath]} )); then
    compadd -- \${(f)"$(\${words[1]} __complete \${_traction_argdyn[$tpath]} 2>/dev/null)"}
  elif (( \${+_traction_args[$tpath]} )); then
    compadd -- \${=_traction_args[$tpath]}
  else
    _files
  fi
}
compdef _traction traction
`;
}

function fish(nodes: readonly Node[]): string {
  const lines: string[] = [];
  const valueArgument = (values: CompletionValues) => (values.dynamic ? quote(`(__traction_dynamic ${values.dynamic})`) : quote(values.values!.join(' ')));
  for (const node of nodes) {
    const condition = quote(`test (__traction_path) = ${quote(node.key)}`);
    for (const sub of node.subcommands) lines.push(`complete -c traction -n ${condition} -a ${quote(sub.name)} -d ${quote(oneLine(sub.summary))}`);
    if (node.argument && !node.subcommands.length) lines.push(`complete -c traction -n ${condition} -a ${valueArgument(node.argument)}`);
    for (const option of node.options) {
      const names = option.names.map((name) => (name.startsWith('--') ? `-l ${name.slice(2)}` : `-s ${name.slice(1)}`)).join(' ');
      const value = !option.takesValue ? '' : option.values ? ` -x -a ${valueArgument(option.values)}` : option.file ? ' -r -F' : ' -x';
      lines.push(`complete -c traction -n ${condition} ${names}${value} -d ${quote(oneLine(option.description))}`);
    }
  }
  return `# fish completion for traction. Load it with:  traction completion fish | source
# or install it:  traction completion fish > ~/.config/fish/completions/traction.fish
set -g __traction_paths ${nodes.map((node) => quote(node.key)).join(' ')}
set -g __traction_value_flags ${valueFlags(nodes).join(' ')}
function __traction_path
    set -l tpath root
    set -l skip 0
    set -l helping 0
    for word in (commandline -opc)[2..-1]
        if test $skip -eq 1
            set skip 0
            continue
        end
        if contains -- $word $__traction_value_flags
            set skip 1
            continue
        end
        if string match -q -- '-*' $word
            continue
        end
        # traction help admins list: the words after help name a command.
        if test $tpath = root -a $word = help -a $helping -eq 0
            set helping 1
            continue
        end
        if contains -- "$tpath $word" $__traction_paths
            set tpath "$tpath $word"
        end
    end
    echo $tpath
end
# Values that are known only now (profile names) come from traction itself.
function __traction_dynamic
    set -l program (commandline -opc)[1]
    $program __complete $argv 2>/dev/null
end
complete -c traction -f
${lines.join('\n')}
`;
}

/** A completion script for the shell, generated from the command tree it is given. */
export function completionScript(shell: Shell, program: Command): string {
  const nodes = completionTree(program);
  if (shell === 'bash') return bash(nodes);
  if (shell === 'zsh') return zsh(nodes);
  return fish(nodes);
}
