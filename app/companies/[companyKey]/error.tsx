"use client";

import { useParams, useRouter } from "next/navigation";
import { startTransition } from "react";
import { ProfileUnavailable } from "@/components/profile/profile-unavailable";
import { decodedSegment } from "@/lib/hrefs";

/** The profile could not be loaded at all (the data service failing with nothing cached). */
export default function ProfileError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  // The key from the address (the index's names are the server's): whose profile failed.
  const segment = useParams<{ companyKey: string }>().companyKey;
  return (
    <ProfileUnavailable
      companyKey={segment ? decodedSegment(segment) : undefined}
      retry={
        <button
          type="button"
          onClick={() =>
            startTransition(() => {
              router.refresh();
              reset();
            })
          }
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Try again
        </button>
      }
    />
  );
}
