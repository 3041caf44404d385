import { Hono } from "hono";
import { z } from "zod";
import { services } from "../../services";
import type { AppEnv } from "../../lib/context";
import { defineEndpoint } from "../../lib/endpoint";
import { DomainError, NotFoundError } from "../../lib/errors";
import { anyone } from "../../lib/roles";
import { isWithdrawn } from "../file-reports/withdraw";
import { keyFromPath, verifyFileLink } from "./signing";

/** Persian answers of /files/… (a browser navigation, so short and clear). */
const filesMessages = {
  expired: "اعتبار لینک دانلود (۲۴ ساعت) تمام شده است. لطفاً دوباره درخواست دانلود دهید.",
  invalid: "لینک دانلود نامعتبر است یا متعلق به حساب دیگری است.",
  missing: "این فایل یافت نشد.",
  loginForLicensed: "این فایل از منابع دارای مجوز است و فقط با حساب کاربری دریافت‌کننده قابل دانلود است. ابتدا وارد حساب کاربری خود شوید.",
  withdrawn: "این فایل نادرست تشخیص داده شد و کنار گذاشته شده است. برای دریافت نسخهٔ درست، مقاله را دوباره جستجو کنید.",
} as const;

export const filesRoutes = new Hono<AppEnv>();

const FileQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });

defineEndpoint(
  filesRoutes,
  {
    method: "get",
    path: "/files/*",
    summary: "A stored document through its signed link (valid 24 h; a licensed copy only for the user it was given to)",
    roles: anyone,
    query: FileQuery,
    html: true,
    tag: "getpdf",
  },
  async (c, { query }) => {
    const key = keyFromPath(new URL(c.req.url).pathname);
    if (!key) throw new NotFoundError(filesMessages.missing);
    const user = c.var.user;
    const check = await verifyFileLink(services(c).signingSecret, { key, exp: query.exp, sig: query.sig, userId: user?.id ?? null, now: c.var.now() });
    if (!check.ok) {
      if (check.reason === "expired") throw new DomainError(filesMessages.expired, 410);
      throw new DomainError(user ? filesMessages.invalid : filesMessages.loginForLicensed, 403);
    }
    // A withdrawn file (wrong or broken, worker/features/file-reports) is never served again, whatever its link.
    if (await isWithdrawn(c.var.db, key)) throw new DomainError(filesMessages.withdrawn, 410);
    const object = await services(c).files.get(key, { range: c.req.raw.headers, onlyIf: c.req.raw.headers });
    if (!object) throw new NotFoundError(filesMessages.missing);
    // A licensed copy is only ever served through a link bound to its user.
    if (object.customMetadata?.["access"] === "licensed" && !check.boundTo) throw new DomainError(filesMessages.invalid, 403);

    const headers = new Headers();
    object.writeHttpMetadata(headers);
    headers.set("ETag", object.httpEtag);
    headers.set("Accept-Ranges", "bytes");
    headers.set("Cache-Control", "private, max-age=3600");
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Content-Security-Policy", "sandbox");
    if (!headers.has("Content-Disposition"))
      headers.set("Content-Disposition", `attachment; filename="${key.replace(/^.*\//, "").replace(/[^a-z0-9._-]+/gi, "_")}"`);
    if (!("body" in object)) return new Response(null, { status: 304, headers });
    const range = object.range as { offset?: number; length?: number } | undefined;
    if (c.req.header("range") && range && range.offset !== undefined && range.length !== undefined) {
      headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
      headers.set("Content-Length", String(range.length));
      return new Response(object.body, { status: 206, headers });
    }
    headers.set("Content-Length", String(object.size));
    return new Response(object.body, { status: 200, headers });
  },
);
