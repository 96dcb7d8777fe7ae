"use client";
import { useEffect } from "react";
import { recordScriptErrors } from "@/lib/error-log";

/** Keeps uncaught script errors in the error log beside the request errors (SPEC §8). */
export function ErrorRecorder() {
  useEffect(() => recordScriptErrors(window), []);
  return null;
}
