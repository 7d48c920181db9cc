"""``certify``: a self-contained dossier for one construction, and ``--check`` against a saved one."""
from __future__ import annotations

import argparse
import json

from endless_exam.checker.commands.verify import resolve_with_file
from endless_exam.checker.commands.common import EXIT_OK, EXIT_REJECT, EXIT_BY_STATUS, UsageError, limits, check_family, read_answer, refuse_outputs

def cmd_certify(args: argparse.Namespace) -> int:
    from endless_exam.certificates.errors import AnswerError
    from endless_exam.certificates.strictjson import loads
    from endless_exam.certificates.verdict import Status

    from endless_exam.certificates.bounded import clip
    from endless_exam.certificates.contract import FAMILIES

    from endless_exam.checker.audit import dossier

    time_limit, memory_limit = limits(args)
    payload = read_answer(args.answer)
    if args.check:
        from endless_exam.certificates.strictjson import MAX_BYTES
        from endless_exam.checker.files.reading import DocumentError, read_document

        try:     # a regular file of at most MAX_BYTES, refused unread otherwise (a 2 GB dossier, /dev/zero, a FIFO)
            saved = loads(read_document(args.check, MAX_BYTES, "dossier").decode("utf-8"))
        except DocumentError as exc:
            raise UsageError(clip(str(exc))) from None
        except (OSError, UnicodeDecodeError, AnswerError) as exc:
            raise UsageError(f"cannot read the dossier {args.check}: {getattr(exc, 'message', exc)}") from None
        if (not isinstance(saved, dict) or saved.get("kind") != dossier.KIND or not isinstance(saved.get("family"), str)
                or saved["family"] not in FAMILIES or not isinstance(saved.get("params"), dict)):
            raise UsageError(f"{args.check} is not an endless-exam dossier")
        family, params = saved["family"], check_family(saved["family"], saved["params"])
        fresh = dossier.build(family, params, payload, answer_path=args.answer, time_limit=time_limit,
                              memory_limit=memory_limit, formal=saved.get("formal") is not None)
        differences = dossier.compare(saved, fresh)
        for line in differences:
            print(f"differs  {line}")
        print("dossier confirmed: the answer verifies exactly as recorded" if not differences
              else f"dossier NOT confirmed ({len(differences)} differences)")
        return EXIT_OK if not differences else EXIT_REJECT
    if not args.output:
        raise UsageError("certify needs --output DOSSIER.json (or --check DOSSIER.json)")
    if args.output == "-" or args.markdown == "-":
        raise UsageError("certify prints the markdown dossier on standard output and writes the JSON dossier to "
                         "a file: --output (and --markdown) must name a file, not - (standard output)")
    outs = [(args.output, "dossier")] + ([(args.markdown, "markdown dossier")] if args.markdown is not None else [])
    refuse_outputs(outs, [args.answer])          # every output, before any work
    family, params, _inst, _note = resolve_with_file(args, payload)
    params = check_family(family, params)
    doc = dossier.build(family, params, payload, answer_path=args.answer, time_limit=time_limit,
                        memory_limit=memory_limit, formal=not args.no_formal)
    text = dossier.render_markdown(doc)
    from endless_exam.checker.files import outputs

    outputs.write_text(args.output, json.dumps(doc, indent=1) + "\n")
    if args.markdown is not None:
        outputs.write_text(args.markdown, text)
    print(text)
    return EXIT_BY_STATUS[Status(doc["status"])]
