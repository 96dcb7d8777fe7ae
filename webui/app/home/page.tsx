import { Suspense } from "react";
import { HomePage } from "@/components/site/home-page";

/** /home: the welcome portal (SPEC §2), open without sign-in. */
export default function Home() {
  return (
    <Suspense>
      <HomePage />
    </Suspense>
  );
}
