import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");
const apiUrl = process.env.ZHITU_API_URL ?? "http://127.0.0.1:8000";

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Several checkouts on one machine build apart (service/webui.py reads the same variable).
  distDir: process.env.ZHITU_NEXT_DIST || ".next",
  // `nox -s e2e` builds with ZHITU_BUILD_TYPECHECK=0: the webui session of the same test run has type-checked these
  // files with tsc (32 s of the build on two cores). Every other build checks them.
  typescript: { ignoreBuildErrors: process.env.ZHITU_BUILD_TYPECHECK === "0" },
  // In production the API server fronts Next; only `next dev` needs to reach the API itself.
  async rewrites() {
    return process.env.NODE_ENV === "development" ? [{ source: "/basic-api/:path*", destination: `${apiUrl}/basic-api/:path*` }] : [];
  },
};

export default withNextIntl(config);
