arm64 5
end

