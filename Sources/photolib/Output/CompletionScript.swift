/// The completion scripts of `photolib completion bash|zsh|fish`, written from a
/// `CompletionTable`. bash and zsh share their table functions (POSIX `case` reads alike in
/// both); fish has its own words for the same tables.
///
/// Each script finds the command path as the parser does: words that name a subcommand of
/// the path so far descend into it, options are skipped (with their value when they take
/// one). Dynamic values (collections, cities, setting keys) come from
/// `photolib completion --values <kind>`, run with the same `--library` as the line.
enum CompletionScript {
    static func bash(_ table: CompletionTable) -> String {
        """
        # bash completion for photolib, written by 'photolib completion bash'.
        # Load it in ~/.bashrc with:  source <(photolib completion bash)

        \(sharedFunctions(table))
        _photolib_reply() {
            local kind=${1%% *} rest=${1#* } IFS=$'\\n'
            case $kind in
                words) IFS=$' \\n'; COMPREPLY=($(compgen -W "$rest" -- "$cur")) ;;
                # Not -o filenames, which would write city:B as city\\:B; spaces escaped here.
                dynamic) COMPREPLY=($(compgen -W "$(command photolib completion --values "$rest" "${library[@]}" 2>/dev/null)" -- "$cur")); COMPREPLY=("${COMPREPLY[@]// /\\\\ }") ;;
                directories) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
                files) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
                *) COMPREPLY=() ;;
            esac
        }

        _photolib() {
            # ':' is in COMP_WORDBREAKS, so 'city:B' comes as 'city' ':' 'B': the words are joined
            # back, and the replies lose what bash keeps before the cursor's last ':'.
            local -a words=()
            local cword=0 i j=-1
            for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
                if ((j >= 0)) && [[ ${COMP_WORDS[i]} == : || ${words[j]} == *: ]]; then
                    words[j]+=${COMP_WORDS[i]}
                else
                    words[++j]=${COMP_WORDS[i]}
                fi
                ((i == COMP_CWORD)) && cword=$j
            done
            local cur=${words[cword]}
            _photolib_complete
            if [[ $cur == *:* ]]; then
                local kept=${cur%"${cur##*:}"}
                COMPREPLY=("${COMPREPLY[@]#"$kept"}")
            fi
        }

        _photolib_complete() {
            local cmdpath="" word child values i
            local -a library=()
            COMPREPLY=()
            for ((i = 1; i < cword; i++)); do
                word=${words[i]}
                if [[ $word == -* ]]; then
                    [[ $word == *=* ]] && continue
                    if [[ $word == --library ]]; then library=(--library "${words[i + 1]}"); fi
                    if _photolib_option_values "$word" >/dev/null; then ((i++)); fi
                    continue
                fi
                if child=$(_photolib_child "$cmdpath" "$word"); then cmdpath=$child; fi
            done
            if ((cword > 1)) && values=$(_photolib_option_values "${words[cword - 1]}"); then
                _photolib_reply "$values"
                return
            fi
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W "$(_photolib_options "$cmdpath")" -- "$cur"))
                return
            fi
            local subcommands
            subcommands=$(_photolib_subcommands "$cmdpath")
            if [[ -n $subcommands ]]; then
                COMPREPLY=($(compgen -W "$subcommands" -- "$cur"))
                return
            fi
            _photolib_reply "$(_photolib_positional "$cmdpath")"
        }

        complete -F _photolib photolib

        """
    }

    static func zsh(_ table: CompletionTable) -> String {
        """
        #compdef photolib
        # zsh completion for photolib, written by 'photolib completion zsh'.
        # Load it in ~/.zshrc (after compinit) with:  source <(photolib completion zsh)
        # or save it as _photolib in a folder of $fpath.

        \(sharedFunctions(table))
        _photolib_reply() {
            local kind=${1%% *} rest=${1#* }
            case $kind in
                words) compadd -- ${=rest} ;;
                dynamic) compadd -- ${(f)"$(command photolib completion --values $rest $library 2>/dev/null)"} ;;
                directories) _directories ;;
                files) _files ;;
            esac
        }

        _photolib() {
            local cur=${words[CURRENT]} cmdpath="" word child values i
            local -a library
            for ((i = 2; i < CURRENT; i++)); do
                word=${words[i]}
                if [[ $word == -* ]]; then
                    [[ $word == *=* ]] && continue
                    if [[ $word == --library ]]; then library=(--library ${words[i + 1]}); fi
                    if _photolib_option_values "$word" >/dev/null; then ((i++)); fi
                    continue
                fi
                if child=$(_photolib_child "$cmdpath" "$word"); then cmdpath=$child; fi
            done
            if ((CURRENT > 2)) && values=$(_photolib_option_values "${words[CURRENT - 1]}"); then
                _photolib_reply "$values"
                return
            fi
            if [[ $cur == -* ]]; then
                compadd -- ${=$(_photolib_options "$cmdpath")}
                return
            fi
            local subcommands=$(_photolib_subcommands "$cmdpath")
            if [[ -n $subcommands ]]; then
                compadd -- ${=subcommands}
                return
            fi
            _photolib_reply "$(_photolib_positional "$cmdpath")"
        }

        if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
            _photolib "$@"
        else
            compdef _photolib photolib
        fi

        """
    }

    /// The tables as shell functions bash and zsh both read: each prints its answer, or
    /// fails when there is none.
    private static func sharedFunctions(_ table: CompletionTable) -> String {
        func arm(_ pattern: String, _ answer: String) -> String { "        \(pattern)) echo \(quoted(answer)) ;;" }
        let children = table.children.map { arm(quoted("\($0.parent)|\($0.word)"), $0.path) }
        let subcommands = table.entries.filter { !$0.subcommands.isEmpty }.map { entry in
            arm(quoted(entry.path), entry.subcommands.flatMap { [$0.name] + $0.aliases }.joined(separator: " "))
        }
        let options = table.entries.map { arm(quoted($0.path), $0.options.map(\.spelling).joined(separator: " ")) }
        let positionals = table.entries.map { arm(quoted($0.path), describe($0.positional)) }
        let values = table.valueSpellings.map { arm(quoted($0.spelling), describe($0.values)) }
        return """
            _photolib_child() {
                case "$1|$2" in
            \(children.joined(separator: "\n"))
                    *) return 1 ;;
                esac
            }

            _photolib_subcommands() {
                case "$1" in
            \(subcommands.joined(separator: "\n"))
                esac
            }

            _photolib_options() {
                case "$1" in
            \(options.joined(separator: "\n"))
                esac
            }

            _photolib_positional() {
                case "$1" in
            \(positionals.joined(separator: "\n"))
                esac
            }

            # What follows an option that takes a value; fails for a flag.
            _photolib_option_values() {
                case "$1" in
            \(values.joined(separator: "\n"))
                    *) return 1 ;;
                esac
            }

            """
    }

    /// A `Values` as the scripts read it: its kind, then its words.
    static func describe(_ values: CompletionTable.Values) -> String {
        switch values {
        case .none: "none"
        case .files: "files"
        case .directories: "directories"
        case .words(let words): (["words"] + words).joined(separator: " ")
        case .dynamic(let kind): "dynamic \(kind)"
        }
    }

    /// `text` in single quotes for a POSIX shell (and fish, whose `\'` differs: see `fishQuoted`).
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
