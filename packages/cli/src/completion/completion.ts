import type { Command, Option } from 'commander';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** One command of the tree, as completion needs it. */
interface Node {
  /** `root`, `root admins`, `root admins list`: words typed so far, with a fixed first word. */
  key: string;
  subcommands: { name: string; summary: string }[];
  options: { names: string[]; takesValue: boolean; choices?: readonly string[]; description: string; file: boolean }[];
}

/** Options whose value is a path: complete file names. */
const FILE_OPTIONS = new Set(['--out', '--file', '--results']);

function optionsOf(command: Command, globals: readonly Option[]): Node['options'] {
  return [...command.options, ...globals]
    .filter((option) => !option.hidden)
    .map((option) => ({
      names: [option.long, option.short].filter((name): name is string => Boolean(name)),
      takesValue: option.required || option.optional,
      ...(option.argChoices ? { choices: option.argChoices } : {}),
      description: option.description,
      file: Boolean(option.long && FILE_OPTIONS.has(option.long)),
    }));
}

/** Walks the program: every command path with its subcommands and options (the program's own options count everywhere). */
export function completionTree(program: Command): Node[] {
  const nodes: Node[] = [];
  const globals = program.options as readonly Option[];
  const visit = (command: Command, key: string, inherited: readonly Option[]) => {
    nodes.push({
      key,
      subcommands: command.commands.map((sub) => ({ name: sub.name(), summary: sub.summary() || sub.description().split('.')[0] || '' })),
      options: optionsOf(command, inherited),
    });
    for (const sub of command.commands) visit(sub, `${key} ${sub.name()}`, globals);
  };
  visit(program, 'root', []);
  return nodes;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 80);

/** The flags that take a value anywhere: the word after one is a value, not a subcommand. */
function valueFlags(nodes: readonly Node[]): string[] {
  return [...new Set(nodes.flatMap((node) => node.options.filter((option) => option.takesValue).flatMap((option) => option.names)))].sort();
}

function bash(nodes: readonly Node[]): string {
  const paths = nodes.filter((node) => node.key !== 'root').map((node) => quote(node.key));
  const cases = nodes
    .map((node) => {
      const subs = node.subcommands.map((sub) => sub.name).join(' ');
      const opts = node.options.flatMap((option) => option.names).join(' ');
      return `    ${quote(node.key)}) subs=${quote(subs)}; opts=${quote(opts)} ;;`;
    })
    .join('\n');
  const valueCases = nodes
    .flatMap((node) =>
      node.options
        .filter((option) => option.choices?.length)
        .flatMap((option) => option.names.map((name) => `    ${quote(`${node.key}|${name}`)}) values=${quote(option.choices!.join(' '))} ;;`)),
    )
    .join('\n');
  return `# bash completion for traction. Load it with:  source <(traction completion bash)
# or install it:  traction completion bash > ~/.local/share/bash-completion/completions/traction
_traction_completions() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local tpath=root word candidate i skip=0
  local value_flags=" ${valueFlags(nodes).join(' ')} "
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if ((skip)); then skip=0; continue; fi
    if [[ "$value_flags" == *" $word "* ]]; then skip=1; continue; fi
    [[ "$word" == -* ]] && continue
    candidate="$tpath $word"
    case "$candidate" in
      ${paths.join('|')}) tpath="$candidate" ;;
    esac
  done
  local subs="" opts="" values=""
  case "$tpath" in
${cases}
  esac
  case "$tpath|$prev" in
${valueCases || "    '') ;;"}
  esac
  if [[ -n "$values" ]]; then
    COMPREPLY=($(compgen -W "$values" -- "$cur"))
  elif [[ "$value_flags" == *" $prev "* ]]; then
    COMPREPLY=()
  elif [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$subs" -- "$cur"))
  fi
}
complete -o default -F _traction_completions traction
`;
}

function zsh(nodes: readonly Node[]): string {
  const entries: string[] = [];
  for (const node of nodes) {
    const subs = node.subcommands.map((sub) => `${sub.name.replace(/:/g, '\\:')}:${oneLine(sub.summary)}`).join('\n');
    entries.push(`_traction_subs[${quote(node.key)}]=${quote(subs)}`);
    entries.push(`_traction_opts[${quote(node.key)}]=${quote(node.options.flatMap((option) => option.names).join(' '))}`);
    for (const option of node.options) {
      if (!option.choices?.length) continue;
      for (const name of option.names) entries.push(`_traction_values[${quote(`${node.key}|${name}`)}]=${quote(option.choices.join(' '))}`);
    }
  }
  return `#compdef traction
# zsh completion for traction. Load it with:  source <(traction completion zsh)
# or install it:  traction completion zsh > "\${fpath[1]}/_traction"
typeset -gA _traction_subs _traction_opts _traction_values
typeset -ga _traction_value_flags
_traction_value_flags=(${valueFlags(nodes).join(' ')})
${entries.join('\n')}

_traction() {
  local tpath=root word candidate i skip=0
  local cur=\${words[CURRENT]} prev=\${words[CURRENT-1]}
  for ((i = 2; i < CURRENT; i++)); do
    word=\${words[i]}
    if ((skip)); then skip=0; continue; fi
    if (( \${_traction_value_flags[(Ie)$word]} )); then skip=1; continue; fi
    [[ $word == -* ]] && continue
    candidate="$tpath $word"
    if (( \${+_traction_subs[$candidate]} )); then tpath=$candidate; fi
  done
  if (( \${+_traction_values[$tpath|$prev]} )); then
    compadd -- \${=_traction_values[$tpath|$prev]}
  elif (( \${_traction_value_flags[(Ie)$prev]} )); then
    _files
  elif [[ $cur == -* ]]; then
    compadd -- \${=_traction_opts[$tpath]}
  else
    local -a subs
    subs=(\${(f)_traction_subs[$tpath]})
    if (( \${#subs} )); then _describe 'command' subs; else _files; fi
  fi
}
compdef _traction traction
`;
}

function fish(nodes: readonly Node[]): string {
  const lines: string[] = [];
  for (const node of nodes) {
    const condition = quote(`test (__traction_path) = ${quote(node.key)}`);
    for (const sub of node.subcommands) lines.push(`complete -c traction -n ${condition} -a ${quote(sub.name)} -d ${quote(oneLine(sub.summary))}`);
    for (const option of node.options) {
      const names = option.names.map((name) => (name.startsWith('--') ? `-l ${name.slice(2)}` : `-s ${name.slice(1)}`)).join(' ');
      const value = !option.takesValue ? '' : option.choices?.length ? ` -x -a ${quote(option.choices.join(' '))}` : option.file ? ' -r -F' : ' -x';
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
        if contains -- "$tpath $word" $__traction_paths
            set tpath "$tpath $word"
        end
    end
    echo $tpath
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
