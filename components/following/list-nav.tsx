"use client";

// The lists on /following: the followed companies, then each named list, and a way to make one.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { NameForm } from "@/components/saved/name-form";
import { useFollowing } from "@/lib/client/following";
import { createList, useLists } from "@/lib/client/saved";
import { listHref, savedKey } from "@/lib/saved/views";

const TAB =
  "inline-flex items-center gap-1 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white aria-[current=page]:ring-brand-600 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-sky-400 dark:aria-[current=page]:text-slate-950";

/** `current`: the named list shown (its name as in the address), or null for the followed companies. */
export function ListNav({ current }: { current: string | null }) {
  const { list: followed } = useFollowing();
  const lists = useLists();
  const router = useRouter();
  const [making, setMaking] = useState(false);
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = useId();
  const shown = current === null ? null : savedKey({ kind: "list", name: current });

  const close = () => {
    setMaking(false);
    setProblem(null);
    toggle.current?.focus();
  };
  return (
    <nav aria-label="Your lists" className="space-y-2">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          <Link href="/following" aria-current={current === null ? "page" : undefined} className={TAB}>
            Following <span className="tabular-nums opacity-80">({followed.length})</span>
          </Link>
        </li>
        {lists.map((list) => (
          <li key={savedKey(list)}>
            <Link
              href={listHref(list.name)}
              aria-current={savedKey(list) === shown ? "page" : undefined}
              className={`${TAB} max-w-64`}
            >
              <span className="truncate">{list.name}</span>{" "}
              <span className="tabular-nums opacity-80">({list.companies.length})</span>
            </Link>
          </li>
        ))}
        <li>
          <button
            ref={toggle}
            type="button"
            aria-expanded={making}
            aria-controls={`${id}-form`}
            onClick={() => (making ? close() : setMaking(true))}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-100 dark:text-sky-300 dark:hover:bg-slate-800"
          >
            + New list
          </button>
        </li>
      </ul>
      {making && (
        <NameForm
          id={`${id}-form`}
          label="Make a list"
          value={name}
          onChange={setName}
          onSubmit={() => {
            const made = createList(name, []);
            if ("problem" in made) {
              setProblem(made.problem);
              return;
            }
            setMaking(false);
            setName("");
            setProblem(null);
            router.push(listHref(made.name));
          }}
          onCancel={close}
          submit="Make the list"
        />
      )}
      <p role="alert" className="text-sm text-rose-700 empty:hidden dark:text-rose-300">
        {problem ?? ""}
      </p>
    </nav>
  );
}
