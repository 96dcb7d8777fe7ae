import { Suspense } from "react";
import { HomePage } from "@/components/site/home-page";

/** The root is the welcome page itself (SPEC §2): visitors see the portal and the library at once;
 * a browser signed in elsewhere on this server is taken in by a silent SSO check. */
export default function RootPage() {
  return (
    <Suspense>
      <HomePage fromRoot />
    </Suspense>
  );
}
